package io.cake.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The architecture the packages show must not hide a cycle: no package of the shipped modules
 * (core, both first levels, the controller, the director, the simulator, the CLI, the YCSB binding and these
 * benchmarks; all on this module's
 * classpath) depends, through any chain, on one that depends on it.
 */
class PackageCyclesTest {
  @Test
  void noPackageDependsOnItselfThroughOthers() {
    JavaClasses shipped = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.cake");
    for (String module : new String[] {"core.sched", "hbase.rpc", "hdfs.datanode", "controller.loop", "director.master", "cli.command", "sim", "bench"}) {
      assertThat(shipped.containPackage("io.cake." + module)).as("io.cake." + module + " imported").isTrue();
    }
    slices().matching("io.cake.(**)").should().beFreeOfCycles().check(shipped);
  }
}
