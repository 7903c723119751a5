/** A problem that stops the server at start, told as what is wrong and how to fix it. */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly fix?: string,
  ) {
    super(message);
    this.name = 'StartupError';
  }

  describe(): string {
    return this.fix ? `${this.message}\nHow to fix: ${this.fix}` : this.message;
  }
}
