import type { TAccount } from '@cdca/contracts';
import { useSession } from './use-session.ts';

/** The signed-in account, for screens behind the route guard (which only renders them once it is ready). */
export const useAccount = (): TAccount => {
  const session = useSession();
  if (session.state !== 'ready') throw new Error('useAccount is only available behind the route guard.');
  return session.account;
};
