import { PageHeader, Empty } from '../../ui/common.js';

export function AgentEditorPage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Agent" />
      <Empty>The graph editor is not built yet in this version (issue 7).</Empty>
    </>
  );
}
