package io.cake.director.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.director.model.CapacityModel.Verdict;
import org.junit.jupiter.api.Test;

class CapacityModelTest {
  @Test
  void unknownUntilAMissWhichBoundsItAtTheLoadThatMissed() {
    CapacityModel m = new CapacityModel();
    m.observe(3.0, Verdict.MET);
    m.observe(5.0, Verdict.NONE);
    assertThat(m.capacity()).isNaN();
    m.observe(6.0, Verdict.MISSED);
    assertThat(m.capacity()).isEqualTo(6.0);
    m.observe(5.0, Verdict.MISSED);
    assertThat(m.capacity()).isEqualTo(5.0);
    m.observe(4.0, Verdict.MET); // under the bound: consistent, kept
    assertThat(m.capacity()).isEqualTo(5.0);
  }

  @Test
  void aMetIntervalAboveTheBoundForgetsIt() {
    CapacityModel m = new CapacityModel();
    m.observe(5.0, Verdict.MISSED);
    m.observe(7.0, Verdict.MET);
    assertThat(m.capacity()).isNaN();
  }

  @Test
  void anUnmeasuredLoadTeachesNothing() {
    CapacityModel m = new CapacityModel();
    m.observe(Double.NaN, Verdict.MISSED);
    m.observe(-1, Verdict.MISSED);
    assertThat(m.capacity()).isNaN();
  }
}
