package io.cake.cli.command;

import io.cake.cli.doctor.Finding;
import io.cake.cli.doctor.SiteFile;
import io.cake.cli.doctor.SiteFileCheck;
import io.cake.cli.error.CliException;
import io.cake.cli.format.DoctorText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "check", mixinStandardHelpOptions = true,
    header = "Checks site files with the servers' own validators, before any server reads them.",
    description = {"Each FILE (an hbase-site.xml or hdfs-site.xml) goes through what the RegionServer's"
        + " scheduler, its controller and the DataNode's read scheduler run on it: a value one of them"
        + " would refuse FAILS with its message, naming the key; a cake.* key none of them reads (a typo,"
        + " most often) is a warning. Nothing is contacted.",
        "",
        "Exit code 1 if a file would be refused; 2 if a FILE cannot be read as a site file."})
public final class ConfigCheckCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "FILE", arity = "1..*", description = "site files to check")
  List<Path> files;

  @Mixin
  Output output;

  @Override
  public Integer call() {
    List<Finding> findings = new ArrayList<>();
    for (Path f : files) {
      if (!Files.isRegularFile(f)) {
        throw new ParameterException(spec.commandLine(), "FILE " + f + ": no such file");
      }
      try {
        findings.addAll(SiteFileCheck.of(f.toString(), SiteFile.read(f)));
      } catch (IOException e) {
        throw new ParameterException(spec.commandLine(), "FILE " + f + ": " + e.getMessage());
      }
    }
    output.print(new DoctorCommand.Report(findings), () -> DoctorText.lines(findings));
    return findings.stream().anyMatch(x -> x.verdict() == Finding.Verdict.FAIL) ? CliException.FAILED : 0;
  }
}
