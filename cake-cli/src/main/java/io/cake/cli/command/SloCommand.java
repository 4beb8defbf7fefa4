package io.cake.cli.command;

import picocli.CommandLine.Command;

@Command(name = "slo", mixinStandardHelpOptions = true,
    header = "Show the SLO every RegionServer's controller steers for, or set it in the policy store.",
    description = "Show the SLO every RegionServer's controller steers for, or set a tenant's SLO in the cluster's policy store.",
    subcommands = {SloShowCommand.class, SloSetCommand.class})
public final class SloCommand {}
