package io.cake.cli.command;

import picocli.CommandLine.Command;

@Command(name = "tenant", mixinStandardHelpOptions = true,
    header = "List, show, set or drop tenants in the cluster's policy store.",
    description = {"The policy store holds each tenant's share, reservation, contract, SLO and who may claim it, once for"
        + " the cluster, in ZooKeeper under HBase's root znode. Every RegionServer reads it at start and applies a"
        + " change when ZooKeeper tells it; its controller at its next decision. A field set here wins over the"
        + " RegionServers' hbase-site.xml for that tenant; a field not set leaves the file's value (docs/operations.md).",
        "", "cake tenants shows what the running schedulers know; cake tenant, what the store says."},
    subcommands = {TenantListCommand.class, TenantDescribeCommand.class, TenantSetCommand.class,
        TenantDropCommand.class})
public final class TenantCommand {}
