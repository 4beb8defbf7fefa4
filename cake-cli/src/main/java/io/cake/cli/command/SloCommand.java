package io.cake.cli.command;

import picocli.CommandLine.Command;

@Command(name = "slo", mixinStandardHelpOptions = true,
    header = "Show or change the SLO of every RegionServer's controller.",
    description = "Show or change the SLO every RegionServer's controller steers for.",
    subcommands = {SloShowCommand.class, SloSetCommand.class})
public final class SloCommand {}
