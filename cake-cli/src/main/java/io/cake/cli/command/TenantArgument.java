package io.cake.cli.command;

import io.cake.core.tenant.TenantNames;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** The TENANT argument of the commands that write one tenant: a valid name, or a usage error naming it. */
final class TenantArgument {
  private TenantArgument() {}

  static String check(CommandSpec spec, String tenant) {
    try {
      return TenantNames.check("TENANT", tenant);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }
}
