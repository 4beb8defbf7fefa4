package io.cake.cli.command;

import picocli.CommandLine.Command;

@Command(name = "pause", mixinStandardHelpOptions = true,
    header = "Stop every controller from steering; the allocation stays as it is.",
    description = "Stops every RegionServer's controller from steering: shares, reservations and the others' limit stay "
        + "as they are until resume. Over each RegionServer's remote JMX (docs/operations.md).")
public final class PauseCommand extends ControllerSwitch {
  @Override
  boolean pause() {
    return true;
  }
}
