/** An answer in the provider's error shape: `{"error": {"code", "message"}}`. */
export class SimulatorError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  static notFound(transactionId: string): SimulatorError {
    return new SimulatorError(404, 'TRANSACTION_NOT_FOUND', `transaction ${transactionId} not found`);
  }

  static invalidStatus(status: string, action: string): SimulatorError {
    return new SimulatorError(
      400,
      'INVALID_TRANSACTION_STATUS',
      `cannot ${action} a transaction in status ${status}`,
    );
  }

  static invalidProperty(message: string): SimulatorError {
    return new SimulatorError(400, 'INVALID_PROPERTY', message);
  }

  body(): { error: { code: string; message: string } } {
    return { error: { code: this.code, message: this.message } };
  }
}
