import { PageHeader, Empty } from '../../ui/common.js';

export function SuitesPage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Suites" />
      <Empty>The suite editor is not built yet in this version (issue 7).</Empty>
    </>
  );
}
