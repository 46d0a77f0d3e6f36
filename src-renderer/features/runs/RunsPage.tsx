import { PageHeader, Empty } from '../../ui/common.js';

export function RunsPage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Runs" />
      <Empty>The runs view is not built yet in this version (issue 7).</Empty>
    </>
  );
}
