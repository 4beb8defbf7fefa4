package io.cake.cli.doctor;

/** One check of one server (or of the cluster): what was checked, the verdict, and why. */
public record Finding(String subject, String check, Verdict verdict, String detail) {
  /** FAIL makes {@code cake doctor} exit 1; WARN is worth reading but may be on purpose. */
  public enum Verdict { OK, WARN, FAIL }

  static Finding ok(String subject, String check, String detail) {
    return new Finding(subject, check, Verdict.OK, detail);
  }

  static Finding warn(String subject, String check, String detail) {
    return new Finding(subject, check, Verdict.WARN, detail);
  }

  static Finding fail(String subject, String check, String detail) {
    return new Finding(subject, check, Verdict.FAIL, detail);
  }
}
