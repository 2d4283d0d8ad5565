import { useClientStore } from '../../shared/stores/clientStore.ts';

/**
 * The customer picked in the shell's selector, as an account to narrow to: undefined when it is
 * the operator's own account (which means everything in scope).
 */
export function useCustomerAccountId(): number | undefined {
  return useClientStore((s) =>
    s.navUserClient && s.navUserClient.accountId !== s.user?.accountId ? s.navUserClient.accountId : undefined,
  );
}
