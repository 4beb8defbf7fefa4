package io.cake.cli.it;

/** A JVM that is not a RegionServer, with the JDK's JMX agent on the command line; it waits to be stopped. */
public final class OtherJvm {
  private OtherJvm() {}

  public static void main(String[] args) throws InterruptedException {
    System.out.println("ready");
    Thread.sleep(120_000); // stopped by the test that started it, by its pid
  }
}
