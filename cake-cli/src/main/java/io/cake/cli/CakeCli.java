package io.cake.cli;

import io.cake.cli.error.CliException;

import io.cake.cli.command.ConfigCommand;
import io.cake.cli.command.DoctorCommand;
import io.cake.cli.command.PauseCommand;
import io.cake.cli.command.ResumeCommand;
import io.cake.cli.command.SloCommand;
import io.cake.cli.command.StatusCommand;
import io.cake.cli.command.TenantCommand;
import io.cake.cli.command.TenantsCommand;
import java.io.PrintWriter;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code cake}: the operator's tool for a cluster running Cake (docs/operations.md). */
@Command(name = "cake", mixinStandardHelpOptions = true, versionProvider = CakeCli.Version.class,
    description = {"Operate Cake on an HBase cluster: read every RegionServer's state from its web UI's /jmx page;"
        + " keep tenants' shares, reservations, contracts and SLOs in the cluster's policy store in ZooKeeper;"
        + " pause and resume the controllers over the RegionServers' remote JMX (docs/operations.md).",
        "",
        "Exit codes: 0 done; 1 a server unreachable or a write refused (the message names it); 2 a bad command line."},
    subcommands = {StatusCommand.class, DoctorCommand.class, ConfigCommand.class, TenantsCommand.class, TenantCommand.class, SloCommand.class,
        PauseCommand.class, ResumeCommand.class, CommandLine.HelpCommand.class, AutoComplete.GenerateCompletion.class})
public final class CakeCli {
  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The command line, ready to execute; its output and errors can be redirected (tests). */
  public static CommandLine commandLine() {
    CommandLine cmd = new CommandLine(new CakeCli());
    // A bad command line: the message naming the argument, and where the options are; no page of usage.
    cmd.setParameterExceptionHandler((e, args) -> {
      CommandLine c = e.getCommandLine();
      PrintWriter err = c.getErr();
      err.println("cake: " + e.getMessage());
      CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
      err.println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for its options.");
      err.flush();
      return c.getCommandSpec().exitCodeOnInvalidInput();
    });
    cmd.setExecutionExceptionHandler((e, command, parseResult) -> {
      PrintWriter err = command.getErr();
      if (e instanceof CliException c) {
        err.println("cake: " + c.getMessage());
        err.flush();
        return c.exitCode();
      }
      err.println("cake: unexpected error: " + e);
      e.printStackTrace(err);
      err.flush();
      return CliException.FAILED;
    });
    return cmd;
  }

  /** The version in the jar's manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"cake " + io.cake.core.level.CakeVersion.current()};
    }
  }
}
