import { PageHeader, Empty } from '../../ui/common.js';

export function HomePage(_props: { params: Record<string, string> }) {
  return (
    <>
      <PageHeader title="Welcome to Parley" />
      <Empty>Test conversational agents offline: import an agent, describe callers, run on local models, compare runs.</Empty>
    </>
  );
}
