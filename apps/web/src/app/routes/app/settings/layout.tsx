import { Outlet } from 'react-router';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { TabNav } from '../../../tab-nav.tsx';

export default function SettingsLayout() {
  return (
    <>
      <PageHeader title="Settings" subtitle="Your account, alerts, exchange keys and billing." />
      <TabNav
        label="Settings sections"
        tabs={[
          { to: 'account', label: 'Account' },
          { to: 'preferences', label: 'Preferences' },
          { to: 'notifications', label: 'Notifications' },
          { to: 'api-keys', label: 'API keys' },
          { to: 'billing', label: 'Billing' },
          { to: 'logout', label: 'Log out' },
        ]}
      />
      <Outlet />
    </>
  );
}
