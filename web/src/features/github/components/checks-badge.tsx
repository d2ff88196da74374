import type { ChecksState } from '@lp/contract/github';
import { Badge } from '@radix-ui/themes';
import { CHECKS_COLORS, checksLabel } from '../model/texts.ts';

export function ChecksBadge({ checks }: { checks: ChecksState | null }) {
  return (
    <Badge color={checks === null ? 'gray' : CHECKS_COLORS[checks]}>{checksLabel(checks)}</Badge>
  );
}
