package io.cake.cli.command;

import picocli.CommandLine.Command;

@Command(name = "resume", mixinStandardHelpOptions = true,
    header = "Let every controller steer again.",
    description = "Lets every RegionServer's controller steer again from its next decision. Over remote JMX (docs/operations.md).")
public final class ResumeCommand extends ControllerSwitch {
  @Override
  boolean pause() {
    return false;
  }
}
