/** The return form's texts, translated on the server (the island gets only these). */
import type { Translator } from '@/lib/translator';
import { RETURN_REASONS, type ReturnReason } from '@/lib/rules/returns';

export interface ReturnFormTexts {
  open: string;
  /** With {{name}} and {{left}}, filled in per line by the island. */
  quantity: string;
  reason: string;
  reasons: Record<ReturnReason, string>;
  comment: string;
  submit: string;
  busy: string;
  failed: string;
  chooseItems: string;
}

export function returnFormTexts(t: Translator): ReturnFormTexts {
  return {
    open: t('orderDetail.returns.open'),
    quantity: t('orderDetail.returns.quantity', { name: '{{name}}', left: '{{left}}' }),
    reason: t('orderDetail.returns.reason'),
    reasons: Object.fromEntries(RETURN_REASONS.map((r) => [r, t(`orderDetail.returns.reason.${r}`)])) as Record<
      ReturnReason,
      string
    >,
    comment: t('orderDetail.returns.comment'),
    submit: t('orderDetail.returns.submit'),
    busy: t('orderDetail.returns.busy'),
    failed: t('orderDetail.returns.failed'),
    chooseItems: t('orderDetail.returns.chooseItems'),
  };
}
