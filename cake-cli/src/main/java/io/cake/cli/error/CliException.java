package io.cake.cli.error;

/**
 * A failure the operator can act on: its message says what went wrong and names the argument,
 * host or option concerned; {@link CakeCli} prints it (no stack trace) and exits with {@link
 * #exitCode()}.
 */
public final class CliException extends RuntimeException {
  /** Something was unreachable or refused; the command did (part of) nothing. */
  public static final int FAILED = 1;

  /** The command line itself was wrong (picocli uses the same code for its own refusals). */
  public static final int USAGE = 2;

  private final int exitCode;

  public CliException(String message) {
    this(message, FAILED);
  }

  public CliException(String message, int exitCode) {
    super(message);
    this.exitCode = exitCode;
  }

  public static CliException usage(String message) {
    return new CliException(message, USAGE);
  }

  public int exitCode() {
    return exitCode;
  }
}
