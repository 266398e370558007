//! Who may be sent the BrlAPI key.
//!
//! A BrlAPI server that asks for a key gets the contents of `/etc/brlapi.key`, the secret that
//! lets a client take the display. Whatever listens at the socket path receives it: when
//! BRLTTY is not running, anyone who may create an entry in the socket's folder can listen at
//! `/var/lib/BrlAPI/0`, or put a symbolic link there. So the key goes only to a server that could
//! read the key file itself, judged by the socket's peer credentials (`SO_PEERCRED`, which
//! the kernel fills in and the server cannot forge): sending it then tells the server nothing
//! new. [`may_read`] is the rule, pure; [`credentials`] asks the kernel.

use std::os::unix::fs::MetadataExt;
use std::os::unix::net::UnixStream;

/// The identity of a process: the server at the other end of the socket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Peer {
    /// Its effective user id.
    pub uid: u32,
    /// Its effective group id.
    pub gid: u32,
    /// Its supplementary groups (empty when `/proc` does not tell).
    pub groups: Vec<u32>,
}

/// Owner, group and permission bits of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Owner {
    /// The owning user.
    pub uid: u32,
    /// The owning group.
    pub gid: u32,
    /// The permission bits (`0o640`).
    pub mode: u32,
}

impl Owner {
    /// A file's owner and bits, from its metadata.
    pub fn of(meta: &std::fs::Metadata) -> Owner {
        Owner {
            uid: meta.uid(),
            gid: meta.gid(),
            mode: meta.mode() & 0o7777,
        }
    }
}

/// Whether `peer` could read a file owned as `file`, by the kernel's own rule: root reads
/// everything; the owner is judged by the owner bits alone, a member of the group by the group
/// bits, anyone else by the others' bits.
pub fn may_read(peer: &Peer, file: &Owner) -> bool {
    if peer.uid == 0 {
        return true;
    }
    if peer.uid == file.uid {
        return file.mode & 0o400 != 0;
    }
    if peer.gid == file.gid || peer.groups.contains(&file.gid) {
        return file.mode & 0o040 != 0;
    }
    file.mode & 0o004 != 0
}

/// The credentials of the process at the other end of a connected socket (`SO_PEERCRED`: the
/// process that called `listen`, as the kernel recorded it), with its supplementary groups
/// from `/proc/PID/status` where that is readable.
pub fn credentials(stream: &UnixStream) -> std::io::Result<Peer> {
    let cred = rustix::net::sockopt::socket_peercred(stream)?;
    let pid = cred.pid.as_raw_nonzero().get();
    let groups = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|status| {
            status.lines().find_map(|l| {
                l.strip_prefix("Groups:").map(|g| {
                    g.split_whitespace()
                        .filter_map(|n| n.parse().ok())
                        .collect()
                })
            })
        })
        .unwrap_or_default();
    Ok(Peer {
        uid: cred.uid.as_raw(),
        gid: cred.gid.as_raw(),
        groups,
    })
}
