package io.cake.hdfs.datanode;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.lang.reflect.Field;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.security.token.block.BlockPoolTokenSecretManager;
import org.apache.hadoop.hdfs.security.token.block.BlockTokenIdentifier;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.security.token.SecretManager.InvalidToken;
import org.apache.hadoop.security.token.Token;

/**
 * Who the NameNode says is reading: the user of the block token a DataXceiver just checked, on
 * that DataXceiver's thread.
 *
 * <p>Why this way. A DataNode knows a reader only by the block token it presents (with {@code
 * dfs.block.access.token.enable}): the NameNode signs the user into it. {@code DataXceiver}
 * checks it through the DataNode's {@code blockPoolTokenSecretManager} field just before it opens
 * the block, on the same thread, and keeps nothing of it. So {@link #install} puts a subclass in
 * that field which shares the original's per-pool secret managers (its only state, so the IPC and
 * SASL servers that hold the original see the same keys) and remembers the user of each token that
 * passes. Hadoop 3.4's field and map names are pinned by {@code TenantClaimsIT}.
 */
final class TokenUsers {
  private static final ThreadLocal<String> VERIFIED = new ThreadLocal<>();

  private TokenUsers() {}

  /** The user of the last block token that passed on this thread; null if none did. */
  static String verifiedUser() {
    return VERIFIED.get();
  }

  /**
   * Puts the recording secret manager into {@code datanode}. Throws (naming what it could not
   * reach) if this Hadoop's DataNode is not shaped as expected; the caller then honours no claim.
   */
  static void install(DataNode datanode) throws ReflectiveOperationException {
    Field field = DataNode.class.getDeclaredField("blockPoolTokenSecretManager");
    field.setAccessible(true);
    Object original = field.get(datanode);
    if (original instanceof Recording) {
      return;
    }
    if (original == null || original.getClass() != BlockPoolTokenSecretManager.class) {
      throw new NoSuchFieldException("blockPoolTokenSecretManager is "
          + (original == null ? "null" : original.getClass().getName()));
    }
    Field map = BlockPoolTokenSecretManager.class.getDeclaredField("map");
    map.setAccessible(true);
    Recording recording = new Recording();
    map.set(recording, map.get(original));
    field.set(datanode, recording);
  }

  /** The stock manager on the stock state, remembering who passed. */
  static final class Recording extends BlockPoolTokenSecretManager {
    @Override
    public void checkAccess(Token<BlockTokenIdentifier> token, String userId, ExtendedBlock block,
        BlockTokenIdentifier.AccessMode mode) throws InvalidToken {
      VERIFIED.remove();
      super.checkAccess(token, userId, block, mode);
      VERIFIED.set(userOf(token));
    }

    @Override
    public void checkAccess(Token<BlockTokenIdentifier> token, String userId, ExtendedBlock block,
        BlockTokenIdentifier.AccessMode mode, StorageType[] storageTypes, String[] storageIds)
        throws InvalidToken {
      VERIFIED.remove();
      super.checkAccess(token, userId, block, mode, storageTypes, storageIds);
      VERIFIED.set(userOf(token));
    }

    private static String userOf(Token<BlockTokenIdentifier> token) {
      BlockTokenIdentifier id = new BlockTokenIdentifier();
      try {
        id.readFields(new DataInputStream(new ByteArrayInputStream(token.getIdentifier())));
      } catch (IOException e) {
        return null; // the check above read it; unreachable in practice, and null claims nothing
      }
      return id.getUserId();
    }
  }
}
