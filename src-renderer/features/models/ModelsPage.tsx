import { PageHeader, Empty } from '../../ui/common.js';

export function ModelsPage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Models" />
      <Empty>The models page is not built yet in this version (issue 7).</Empty>
    </>
  );
}
