import { useMemo } from 'react';
import { query, REFERENCE_CACHE_MS, useQuery } from '../../../../core/sdk/browser';

/** A member of the tenant as the user list for pickers answers it (names only). */
interface Member {
  id: string;
  account: string;
  name: string;
  realName: string;
}

const MEMBERS = query<Member[]>('/api/blade-user', '/api/blade-user/user-list', {
  cacheFor: REFERENCE_CACHE_MS,
  select: (data) => (Array.isArray(data) ? (data as Member[]) : []),
});

/** The tenant's members as approver choices: their real name (else name) with the account. */
export function useApproverOptions(): { options: { value: string; label: string }[]; loading: boolean } {
  const { data, loading } = useQuery(MEMBERS);
  const options = useMemo(
    () =>
      (data ?? []).map((m) => {
        const shown = m.realName || m.name;
        return { value: m.id, label: shown && shown !== m.account ? `${shown} (${m.account})` : m.account };
      }),
    [data],
  );
  return { options, loading };
}
