/**
 * Every amount the dashboard states, one way: dollars with their cents ('$0.00', '$1,499.50'),
 * as the invoices and receivables beside them read. Two formatters once put MRR at '$0' next to
 * plan income at '$0.00'.
 */
import { formatAmount } from '#features/invoices/money.ts';

export const formatMoney = (cents: number) => formatAmount(cents);
