/** A failure of a sandbox action (pay, decline…) that the control API turns into its HTTP status. */
export class SandboxError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message)
  }
}
