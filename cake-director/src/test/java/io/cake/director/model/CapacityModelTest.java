package io.cake.director.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.director.model.CapacityModel.Verdict;
import org.junit.jupiter.api.Test;

class CapacityModelTest {
  @Test
  void unknownUntilAMissThenTheMiddleOfWhatItMetAndMissedAt() {
    CapacityModel m = new CapacityModel();
    m.observe(5.0, Verdict.NONE);
    m.observe(4.0, Verdict.MET);
    assertThat(m.capacity()).isNaN();
    m.observe(16.0, Verdict.MISSED);
    assertThat(m.capacity()).isEqualTo(10.0);
    m.observe(8.0, Verdict.MET);
    assertThat(m.capacity()).isEqualTo(12.0);
    m.observe(10.0, Verdict.MISSED);
    assertThat(m.capacity()).isEqualTo(9.0);
  }

  @Test
  void aMissWithNothingMetIsTheBound() {
    CapacityModel m = new CapacityModel();
    m.observe(6.0, Verdict.MISSED);
    assertThat(m.capacity()).isEqualTo(6.0);
  }

  @Test
  void aBoundAnIntervalContradictsIsForgotten() {
    CapacityModel m = new CapacityModel();
    m.observe(4.0, Verdict.MET);
    m.observe(8.0, Verdict.MISSED);
    m.observe(9.0, Verdict.MET); // met above the miss: the miss is forgotten
    assertThat(m.capacity()).isNaN();
    m.observe(3.0, Verdict.MISSED); // missed below what it met: that is forgotten
    assertThat(m.capacity()).isEqualTo(3.0);
  }

  @Test
  void anUnmeasuredLoadTeachesNothing() {
    CapacityModel m = new CapacityModel();
    m.observe(Double.NaN, Verdict.MISSED);
    m.observe(-1, Verdict.MISSED);
    assertThat(m.capacity()).isNaN();
  }
}
