import type { ChatMessage } from '../types.js';
import type { ScriptRule } from './script.js';

/** `/regex/flags` or a case-insensitive substring. */
export function textMatches(matcher: string, text: string): boolean {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(matcher);
  if (m) {
    try {
      return new RegExp(m[1], m[2]).test(text);
    } catch {
      return false;
    }
  }
  return text.toLowerCase().includes(matcher.toLowerCase());
}

export function ruleMatches(rule: ScriptRule, purpose: string, messages: ChatMessage[], seed?: number): boolean {
  if (rule.purpose && rule.purpose !== purpose) return false;
  const w = rule.when;
  const last = [...messages].reverse().find((m) => m.role !== 'system');
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');
  if (w.last !== undefined && !textMatches(w.last, last?.content ?? '')) return false;
  if (w.system !== undefined && !textMatches(w.system, system)) return false;
  if (w.seed !== undefined && w.seed !== seed) return false;
  if (w.any !== undefined && !messages.some((m) => textMatches(w.any!, m.content))) return false;
  return true;
}

/** Words, as the scripted model counts tokens. */
export const countWords = (s: string): number => (s.trim() ? s.trim().split(/\s+/).length : 0);
