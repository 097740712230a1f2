// 'Recalcular cobro': an admin reading a package recomputes its charge on purpose (a corrected weight, say), with the
// rates of the day it was received; the server audits it. Customers never see the button.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMe } from '../../auth/me.ts';
import { recomputeCharge } from '../../charges/api.ts';
import { Notice } from '../../components/notice.tsx';
import { packageKeys } from '../api.ts';

export function RecomputeCharge({ number }: { number: number }) {
  const me = useMe();
  const queries = useQueryClient();
  const recompute = useMutation({
    mutationFn: () => recomputeCharge(number),
    onSuccess: () => queries.invalidateQueries({ queryKey: packageKeys.detail(String(number)) }),
  });
  if (me.status !== 'ready' || me.me.role !== 'admin') return null;
  return (
    <div className="actions">
      <button
        type="button"
        className="button button--secondary"
        disabled={recompute.isPending}
        onClick={() => recompute.mutate()}
      >
        {recompute.isPending ? 'Recalculando...' : 'Recalcular cobro'}
      </button>
      {recompute.isSuccess && <Notice tone="success">{recompute.data.message}</Notice>}
      {recompute.isError && <Notice tone="error">{recompute.error.message}</Notice>}
    </div>
  );
}
