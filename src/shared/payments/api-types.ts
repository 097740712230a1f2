// The online payments' answers (src/server/payments/routes.ts), types only.

/** Our payment's state: 'Estamos confirmando tu pago', 'Pago aprobado', 'Pago rechazado' (also error and voided),
 * 'Pago vencido' (a checkout abandoned past its expiry). */
export type OnlinePaymentState =
  | 'pendiente'
  | 'aprobado'
  | 'rechazado'
  | 'error'
  | 'anulado'
  | 'reembolsado'
  | 'expirado';

/** POST /api/pagos: where the customer goes to pay. */
export interface PaymentStarted {
  reference: string;
  amountCop: number;
  checkoutUrl: string;
}

/** POST /api/admin/pagos/:referencia/reembolso */
export interface PaymentRefunded {
  reference: string;
  /** 'anulada' when Wompi voided the card transaction; 'manual' when staff returned the money themselves. */
  how: 'anulada' | 'manual';
  message: string;
}

/** GET /api/admin/pagos: the latest online payments that took money (approved, refunded) or are flagged (any state). */
export interface StaffPayment {
  reference: string;
  state: OnlinePaymentState;
  amountCop: number;
  method: string | null;
  transactionId: string | null;
  customerName: string;
  packages: number[];
  /** Why staff must look at it; null when all is well. */
  flag: string | null;
  /** When the customer began it (the checkout), and when Wompi's verdict came. */
  createdAt: string;
  decidedAt: string | null;
  /** The customer's 'Reversión del pago' PQR filed for its packages (radicados), shown beside it. */
  reversals: string[];
}

/** GET /api/pagos/:referencia */
export interface PaymentView {
  reference: string;
  state: OnlinePaymentState;
  amountCop: number;
  /** 'Tarjeta', 'PSE', 'Nequi', 'Bancolombia' once the provider said. */
  method: string | null;
  /** The provider's reason for a refusal. */
  reason: string | null;
  /** Approved but not applied (its packages were already paid): staff refund it. */
  refund: boolean;
  packages: Array<{ number: number; amountCop: number }>;
}
