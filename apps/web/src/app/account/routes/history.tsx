import { HistoryPage } from '@/features/history/components/history-page.tsx';

export default function HistoryRoute() {
  return <HistoryPage />;
}
