import type { TKeyPermissions } from '@cdca/contracts';
import { Check, X } from 'lucide-react';
import { Tag } from '@/components/ui/tag.tsx';
import styles from './exchange-keys.module.css';

export type PermissionTagsProps = { permissions: TKeyPermissions };

/** View and Trade should be granted; Transfer must not be — so a granted transfer shows red. */
export const PermissionTags = ({ permissions }: PermissionTagsProps) => (
  <ul
    className={styles.perms}
    aria-label="Key permissions"
    style={{ listStyle: 'none', margin: 0, padding: 0 }}
  >
    <PermissionTag label="View" name="View" granted={permissions.canView} wanted />
    <PermissionTag label="Trade" name="Trade" granted={permissions.canTrade} wanted />
    <PermissionTag
      label={permissions.canTransfer ? 'Transfer' : 'No transfer'}
      name="Transfer"
      granted={permissions.canTransfer}
      wanted={false}
    />
  </ul>
);

type PermissionTagProps = { label: string; name: string; granted: boolean; wanted: boolean };

const PermissionTag = ({ label, name, granted, wanted }: PermissionTagProps) => (
  <li aria-label={`${name}: ${granted ? 'allowed' : 'not allowed'}`}>
    <Tag tone={granted === wanted ? 'green' : 'red'}>
      {granted ? <Check size={13} aria-hidden="true" /> : <X size={13} aria-hidden="true" />}
      {label}
    </Tag>
  </li>
);
