/**
 * A request URL under a base URL: the path goes before the base's query string (`.../v1?api_key=K` +
 * `/models` -> `.../v1/models?api_key=K`), and userinfo (`user:pass@`), which fetch refuses in a URL,
 * becomes a Basic authorization the caller may send.
 */
export function endpointUrl(base: string, path: string): { url: string; basicAuth?: string } {
  let u: URL;
  try {
    u = new URL(base);
  } catch {
    return { url: `${base}${path}` };
  }
  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  u.username = '';
  u.password = '';
  u.pathname = `${u.pathname.replace(/\/+$/, '')}${path}`;
  return {
    url: u.toString(),
    ...(user || pass ? { basicAuth: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` } : {}),
  };
}
