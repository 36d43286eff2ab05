import { errorCatalogue, type ErrorCode } from "@atendo/contracts";

/** A failure with a catalogued code; the error mapper turns it into `{error, message}`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    status?: number,
    detail?: string,
  ) {
    super(detail ?? errorCatalogue[code].en);
    this.status = status ?? errorCatalogue[code].status;
  }
}
