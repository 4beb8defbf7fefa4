package io.cake.controller.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.cake.controller.jmx.Controller;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.junit.jupiter.api.Test;

class CakeControllerCoprocessorTest {
  /** Collects what the coprocessor logs. */
  private static final class Recorded extends AbstractAppender {
    final List<LogEvent> events = new CopyOnWriteArrayList<>();

    Recorded() {
      super("recorded", null, null, true, Property.EMPTY_ARRAY);
    }

    @Override
    public void append(LogEvent event) {
      events.add(event.toImmutable());
    }
  }

  @Test
  void aControllerThatFailsToStartIsLoggedAndTheRegionServerCarriesOn() throws Exception {
    int port = 65_431;
    LoggerContext ctx = (LoggerContext) LogManager.getContext(false);
    org.apache.logging.log4j.core.Logger logger = ctx.getLogger(CakeControllerCoprocessor.class.getName());
    Recorded recorded = new Recorded();
    recorded.start();
    logger.addAppender(recorded);
    CakeControllerCoprocessor coprocessor = new CakeControllerCoprocessor();
    try {
      // No configuration at all: the controller's constructor throws. On the executor's thread
      // the exception went into a future nobody reads, and nothing said why no controller ran.
      assertThatCode(() -> coprocessor.startOn(port, null)).doesNotThrowAnyException();
      assertThat(coprocessor.controller()).isNull();
      assertThat(recorded.events)
          .anySatisfy(e -> {
            assertThat(e.getLevel()).isEqualTo(Level.ERROR);
            assertThat(e.getMessage().getFormattedMessage()).contains("could not start");
            assertThat(e.getThrown()).isNotNull();
          });
    } finally {
      logger.removeAppender(recorded);
      MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
      ObjectName name = Controller.objectName(port);
      if (mbs.isRegistered(name)) {
        mbs.unregisterMBean(name);
      }
    }
  }
}
