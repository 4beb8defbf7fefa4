package io.cake.hdfs.datanode;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;

/**
 * A {@link Proxy} over a DataNode's {@link FsDatasetSpi} that forwards every call and changes one
 * result: the stream of {@code getBlockInputStream(ExtendedBlock, long)}, which BlockSender reads
 * block data from, goes through a {@link Wrapper}. The wrapper is told when the dataset shuts down.
 * Cake's DataNode hook is one wrapper; a benchmark's emulated disk is another.
 */
public final class BlockStreamDataset {
  private BlockStreamDataset() {}

  /** Wraps the block streams of one dataset. */
  public interface Wrapper {
    InputStream wrap(ExtendedBlock block, long offset, InputStream in) throws IOException;

    /** The dataset shut down. */
    default void shutdown() {}
  }

  public static FsDatasetSpi<?> wrap(FsDatasetSpi<?> real, Wrapper wrapper) {
    return (FsDatasetSpi<?>)
        Proxy.newProxyInstance(
            BlockStreamDataset.class.getClassLoader(),
            new Class<?>[] {FsDatasetSpi.class},
            new Interceptor(real, wrapper));
  }

  /** The wrapper of a dataset built by {@link #wrap}, or null for any other dataset. */
  public static Wrapper wrapperOf(FsDatasetSpi<?> dataset) {
    if (dataset != null && Proxy.isProxyClass(dataset.getClass())
        && Proxy.getInvocationHandler(dataset) instanceof Interceptor i) {
      return i.wrapper;
    }
    return null;
  }

  private record Interceptor(FsDatasetSpi<?> real, Wrapper wrapper) implements InvocationHandler {
    @Override
    public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
      Object result;
      try {
        result = m.invoke(real, args);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      } finally {
        if (m.getName().equals("shutdown") && m.getParameterCount() == 0) {
          wrapper.shutdown();
        }
      }
      if (result instanceof InputStream in
          && m.getName().equals("getBlockInputStream")
          && args.length == 2
          && args[0] instanceof ExtendedBlock b
          && args[1] instanceof Long offset) {
        return wrapper.wrap(b, offset, in);
      }
      return result;
    }
  }
}
