import { PageHeader, Empty } from '../../ui/common.js';

export function ComparePage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Compare" />
      <Empty>The compare view is not built yet in this version (issue 7).</Empty>
    </>
  );
}
