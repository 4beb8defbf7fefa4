package io.cake.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code ./cake-bench jmh [JMH args]}: the JMH suite on the module's full classpath. The script
 * starts JMH's own main directly (no picocli, a faster start); this command is the same for a java
 * command line, and puts jmh in the help.
 */
@Command(name = "jmh",
    header = "Run the JMH suite with the full classpath (e.g. jmh DispatchBenchmark; jmh -h: JMH's options).",
    description = "Passes every argument to JMH (org.openjdk.jmh.Main): benchmarks by name or regex, and JMH's"
        + " options (-h lists them).")
final class JmhCommand implements Callable<Integer> {
  @Unmatched
  List<String> args = new ArrayList<>();

  @Override
  public Integer call() throws Exception {
    org.openjdk.jmh.Main.main(args.toArray(String[]::new));
    return 0;
  }
}
