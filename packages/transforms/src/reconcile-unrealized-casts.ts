import { definePass } from '@tlir/pass';
import { collectUnrealizedCasts, reconcileUnrealizedCasts } from '@tlir/rewrite';

export const ReconcileUnrealizedCastsPass = definePass({
  argument: 'reconcile-unrealized-casts',
  name: 'ReconcileUnrealizedCasts',
  summary: 'Simplify and eliminate unrealized conversion casts',
  description:
    'Erases unused `builtin.unrealized_conversion_cast` ops and folds chains of casts that lead back to the ' +
    'original types (`A -> B -> A`); the casts that remain are left in place.',
  run(op, pass) {
    const casts = collectUnrealizedCasts(op);
    const remaining = reconcileUnrealizedCasts(casts);
    if (remaining.length === casts.length) pass.markAllAnalysesPreserved();
  },
});
