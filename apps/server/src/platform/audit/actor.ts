/** The operator behind a back-office action, as every audit row records it. */
export interface Actor {
  operatorId: number;
  ip: string;
}
