/** Who signed a callback this instance received, and the message id they gave it (identifyCallbackSender, D25). */
export interface CallbackSender {
  readonly organizationId: number;
  readonly webhookId: string;
}
