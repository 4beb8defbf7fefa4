package io.cake.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.testcontainers.DockerClientFactory;

/** What CakeDockerIT does to the Docker engine besides compose: build Cake's images, clear an earlier run's leftovers. */
final class DockerHost {
  private DockerHost() {}

  /**
   * The containers and volumes of an earlier run of this test that could not take them down (its
   * JVM killed: Ryuk is off), which would hold this run's ports; by id, and only the compose projects
   * whose names start with {@code project}.
   */
  static void removeLeftovers(String project) {
    var docker = DockerClientFactory.instance().client();
    for (var c : docker.listContainersCmd().withShowAll(true).withLabelFilter(List.of("com.docker.compose.project")).exec()) {
      if (c.getLabels().get("com.docker.compose.project").startsWith(project)) {
        System.out.println("cake-docker-it: removing container " + c.getId() + " " + Arrays.toString(c.getNames()) + " of an earlier run");
        docker.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
      }
    }
    var volumes = docker.listVolumesCmd().exec().getVolumes();
    for (var v : volumes == null ? List.<com.github.dockerjava.api.command.InspectVolumeResponse>of() : volumes) {
      if (v.getLabels() != null && v.getLabels().getOrDefault("com.docker.compose.project", "").startsWith(project)) {
        System.out.println("cake-docker-it: removing volume " + v.getName() + " of an earlier run");
        docker.removeVolumeCmd(v.getName()).exec();
      }
    }
  }

  /**
   * docker/images/build.sh on this reactor's jar, the monitoring profile's image too; returns the
   * cake-server image it names. Staging and the build log go under {@code dir}.
   */
  static String buildImages(Path tree, Path jar, Path dir, String base) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(tree.resolve("docker/images/build.sh").toString(), "--base", base,
            "--monitoring")
        .directory(tree.toFile()).redirectError(dir.resolve("build.log").toFile());
    pb.environment().put("CAKE_JAR", jar.toString());
    pb.environment().put("CAKE_DOCKER_WORK", dir.resolve("images").toString());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    if (!p.waitFor(15, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new IOException("docker/images/build.sh did not finish in 15 minutes");
    }
    String log = Files.readString(dir.resolve("build.log"));
    System.out.print(log);
    assertThat(p.exitValue()).as("docker/images/build.sh:\n" + log).isZero();
    return out.substring(out.lastIndexOf('\n') + 1);
  }
}
