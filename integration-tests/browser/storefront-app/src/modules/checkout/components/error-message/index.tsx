const ErrorMessage = ({ error, "data-testid": dataTestid }: { error?: string | null; "data-testid"?: string }) =>
  error ? (
    <div className="text-rose-500" data-testid={dataTestid}>
      <span>{error}</span>
    </div>
  ) : null

export default ErrorMessage
