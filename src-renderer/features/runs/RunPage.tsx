import { PageHeader, Empty } from '../../ui/common.js';

export function RunPage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Run" />
      <Empty>The run view is not built yet in this version (issue 7).</Empty>
    </>
  );
}
