import { errorCatalogue, type ErrorCode, type ErrorResponse } from "@atendo/contracts";

/** Machine-readable fields an error response may carry beside its code and message. */
export type ErrorDetails = Pick<ErrorResponse, "usedBy">;

/** A failure with a catalogued code; the error mapper turns it into `{error, message, ...details}`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    status?: number,
    detail?: string,
    readonly details?: ErrorDetails,
  ) {
    super(detail ?? errorCatalogue[code].en);
    this.status = status ?? errorCatalogue[code].status;
  }
}
