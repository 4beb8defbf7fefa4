package io.cake.cli.command;

import picocli.CommandLine.Command;

@Command(name = "config", mixinStandardHelpOptions = true, header = "Site files, checked offline.",
    subcommands = ConfigCheckCommand.class)
public final class ConfigCommand {}
