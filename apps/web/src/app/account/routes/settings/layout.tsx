import { SectionLayout } from '../../section-layout.tsx';

const tabs = [
  { to: 'account', label: 'Account' },
  { to: 'preferences', label: 'Preferences' },
  { to: 'notifications', label: 'Notifications' },
  { to: 'api-keys', label: 'API keys' },
  { to: 'billing', label: 'Billing' },
  { to: 'logout', label: 'Log out' },
];

export default function SettingsLayout() {
  return (
    <SectionLayout title="Settings" subtitle="Your account, alerts, exchange keys and billing." tabs={tabs} />
  );
}
