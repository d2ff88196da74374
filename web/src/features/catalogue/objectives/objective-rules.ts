// The rules of a learning objective's fields, apart from the forms that edit them.
import type { Objective } from '@lp/contract/objectives';

/** What the fields hold while being edited (text, as typed). */
export interface Draft {
  label: string;
  weight: string;
  tier: string;
}

export const toDraft = (objective?: Objective): Draft => ({
  label: objective?.label ?? '',
  weight: String(objective?.weight ?? ''),
  tier: String(objective?.tier ?? 1),
});

/** Checks a draft; answers the values to send or the first problem. */
export function readDraft(
  draft: Draft,
): { ok: true; label: string; weight: number; tier: number } | { ok: false; problem: string } {
  const label = draft.label.trim();
  const weight = Number(draft.weight);
  const tier = Number(draft.tier);
  if (!label) return { ok: false, problem: 'Give the objective a label.' };
  if (draft.weight.trim() === '' || !Number.isInteger(weight) || weight < 0)
    return { ok: false, problem: 'The weight is a whole number of points from 0.' };
  if (!Number.isInteger(tier) || tier < 1)
    return { ok: false, problem: 'The tier is a whole number from 1.' };
  return { ok: true, label, weight, tier };
}
