import { PageHeader, Empty } from '../../ui/common.js';

export function PersonasPage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Personas" />
      <Empty>The persona builder is not built yet in this version (issue 7).</Empty>
    </>
  );
}
