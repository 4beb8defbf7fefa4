package io.cake.cli.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.cli.format.StatusText;
import io.cake.cli.jmx.JmxPages;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The director's bean on the HMaster's /jmx page, and how cake status shows it. */
class DirectorViewTest {
  private static final String PAGE = """
      {"beans": [{"name": "io.cake:type=Director", "modelerType": "io.cake.director.master.DirectorStatus",
        "IntervalMillis": 30000, "Steps": 12, "LastStep": "2026-12-07T20:06:04Z",
        "Servers": ["rs1,16020,1: 1.80 busy handlers, capacity 1.80, SLOs missed",
                    "rs2,16020,2: 0.10 busy handlers, capacity unknown, SLOs none"],
        "Need": "", "Draining": "rs2,16020,2",
        "RecentActions": ["2026-12-07T20:06:04Z moved region abc from rs1,16020,1 to rs2,16020,2: rs1 carries 1.80"]}]}""";

  @Test
  void aRunningDirectorIsShownWithItsServersAndActions() throws Exception {
    DirectorView d = DirectorView.of("hm:16000", JmxPages.beans(PAGE));
    assertThat(d.running()).isTrue();
    assertThat(d.intervalMs()).isEqualTo(30_000L);
    assertThat(d.steps()).isEqualTo(12L);
    assertThat(d.actions()).hasSize(1);
    assertThat(StatusText.lines(new ClusterStatus(List.of(), d))).containsSubsequence(
        "Director on the HMaster hm:16000: every 30 s, 12 steps, the last at 2026-12-07T20:06:04Z",
        "  rs1,16020,1: 1.80 busy handlers, capacity 1.80, SLOs missed",
        "  rs2,16020,2: 0.10 busy handlers, capacity unknown, SLOs none",
        "  draining rs2,16020,2: the others have room for all it carries",
        "  recent actions:",
        "    2026-12-07T20:06:04Z moved region abc from rs1,16020,1 to rs2,16020,2: rs1 carries 1.80");
  }

  @Test
  void anHMasterWithoutTheBeanRunsNoDirectorAndAnUnreadableOneSaysWhy() throws Exception {
    DirectorView none = DirectorView.of("hm:16000", JmxPages.beans("{\"beans\": []}"));
    assertThat(none.running()).isFalse();
    assertThat(StatusText.lines(new ClusterStatus(List.of(), none))).last().asString()
        .startsWith("Director: none running on the HMaster hm:16000");
    assertThat(StatusText.lines(new ClusterStatus(List.of(), DirectorView.unreadable("hm:16000", "connection refused"))))
        .last().isEqualTo("Director: cannot read the HMaster hm:16000: connection refused");
    assertThat(StatusText.lines(new ClusterStatus(List.of()))).noneMatch(l -> l.startsWith("Director"));
  }
}
