/// An H.264 stream (Constrained Baseline, CAVLC) of pictures that each decode on their own:
/// every macroblock is either flat gray (predicted from a gray neighbour, no residual: about a
/// byte) or raw samples (`I_PCM`). It is what the demo clip needs, and a real decoder plays it.
struct H264IntraStream {
  /// The picture's size in pixels (even numbers: the crop is counted in pairs).
  let width: Int
  let height: Int

  /// The raw samples of one macroblock: 16×16 luma, then 8×8 of each chroma plane (4:2:0).
  struct Block: Equatable {
    var luma: [UInt8]
    var cb: [UInt8]
    var cr: [UInt8]

    /// One colour all over (values of 0 are raised to 1, which PCM samples avoid).
    init(y: UInt8, cb: UInt8, cr: UInt8) {
      luma = Array(repeating: max(1, y), count: 256)
      self.cb = Array(repeating: max(1, cb), count: 64)
      self.cr = Array(repeating: max(1, cr), count: 64)
    }
  }

  init(width: Int, height: Int) {
    precondition(width >= 32 && height >= 32 && width % 2 == 0 && height % 2 == 0)
    self.width = width
    self.height = height
  }

  var columns: Int { (width + 15) / 16 }
  var rows: Int { (height + 15) / 16 }

  /// Level 3.1 up to 720p, 4 up to 1080p, 5.1 beyond (the decoder's budget, by frame size).
  var level: UInt8 { columns * rows <= 3600 ? 31 : columns * rows <= 8192 ? 40 : 51 }

  /// The sequence parameter set (NAL type 7).
  func sequenceParameterSet() -> [UInt8] {
    var w = H264Bits()
    w.bits(66, 8)  // profile_idc: Baseline
    w.bits(0xC0, 8)  // constraint_set0 and 1: Constrained Baseline
    w.bits(UInt32(level), 8)
    w.ue(0)  // seq_parameter_set_id
    w.ue(0)  // log2_max_frame_num_minus4
    w.ue(2)  // pic_order_cnt_type 2: output in decoding order
    w.ue(1)  // max_num_ref_frames
    w.flag(false)  // gaps_in_frame_num_value_allowed_flag
    w.ue(columns - 1)
    w.ue(rows - 1)
    w.flag(true)  // frame_mbs_only_flag
    w.flag(true)  // direct_8x8_inference_flag
    let cropRight = (columns * 16 - width) / 2
    let cropBottom = (rows * 16 - height) / 2
    w.flag(cropRight > 0 || cropBottom > 0)
    if cropRight > 0 || cropBottom > 0 {
      w.ue(0)
      w.ue(cropRight)
      w.ue(0)
      w.ue(cropBottom)
    }
    w.flag(false)  // vui_parameters_present_flag
    return H264Bits.nalUnit(type: 7, referenceIdc: 3, payload: w.finish())
  }

  /// The picture parameter set (NAL type 8): CAVLC, deblocking controllable per slice.
  func pictureParameterSet() -> [UInt8] {
    var w = H264Bits()
    w.ue(0)  // pic_parameter_set_id
    w.ue(0)  // seq_parameter_set_id
    w.flag(false)  // entropy_coding_mode_flag: CAVLC
    w.flag(false)  // bottom_field_pic_order_in_frame_present_flag
    w.ue(0)  // num_slice_groups_minus1
    w.ue(0)  // num_ref_idx_l0_default_active_minus1
    w.ue(0)  // num_ref_idx_l1_default_active_minus1
    w.flag(false)  // weighted_pred_flag
    w.bits(0, 2)  // weighted_bipred_idc
    w.se(0)  // pic_init_qp_minus26
    w.se(0)  // pic_init_qs_minus26
    w.se(0)  // chroma_qp_index_offset
    w.flag(true)  // deblocking_filter_control_present_flag
    w.flag(false)  // constrained_intra_pred_flag
    w.flag(false)  // redundant_pic_cnt_present_flag
    return H264Bits.nalUnit(type: 8, referenceIdc: 3, payload: w.finish())
  }

  /// Picture `index` as one IDR slice (NAL type 5): `painted` macroblocks (by `row * columns +
  /// column`, never in the first row or column) hold their samples, the rest is gray.
  func picture(index: Int, painted: [Int: Block]) -> [UInt8] {
    var w = H264Bits()
    w.ue(0)  // first_mb_in_slice
    w.ue(7)  // slice_type: I, as every slice of the picture
    w.ue(0)  // pic_parameter_set_id
    w.bits(0, 4)  // frame_num: 0 in an IDR picture
    w.ue(index % 2)  // idr_pic_id: two IDR pictures in a row differ
    w.flag(false)  // no_output_of_prior_pics_flag
    w.flag(false)  // long_term_reference_flag
    w.se(0)  // slice_qp_delta
    w.ue(1)  // disable_deblocking_filter_idc: off, so each sample is what was written
    for row in 0..<rows {
      for column in 0..<columns {
        let at = row * columns + column
        if let block = painted[at] {
          precondition(row > 0 && column > 0, "the first row and column stay gray")
          w.ue(25)  // I_PCM
          w.alignWithZeros()
          for sample in block.luma + block.cb + block.cr { w.byte(sample) }
          continue
        }
        let left = column > 0 ? painted[at - 1] != nil : nil
        let top = row > 0 ? painted[at - columns] != nil : nil
        precondition(left != true || top != true, "a gray macroblock needs a gray neighbour")
        // Predict from a gray neighbour: 0 vertical (from above), 1 horizontal, 2 DC (none).
        let mode = top == false ? 0 : left == false ? 1 : 2
        w.ue(1 + mode)  // I_16x16_<mode>_0_0: no coded residual but the luma DC block
        w.ue([2, 1, 0][mode])  // intra_chroma_pred_mode in the same direction
        w.se(0)  // mb_qp_delta
        // The DC block's coeff_token for no coefficient; its table depends on the neighbours'
        // counts, where a PCM macroblock counts 16 and a gray one 0.
        let counts = [left, top].compactMap { $0.map { $0 ? 16 : 0 } }
        let nC = counts.count == 2 ? (counts[0] + counts[1] + 1) >> 1 : counts.first ?? 0
        switch nC {
        case ..<2: w.bits(0b1, 1)
        case 2..<4: w.bits(0b11, 2)
        case 4..<8: w.bits(0b1111, 4)
        default: w.bits(0b000011, 6)
        }
      }
    }
    return H264Bits.nalUnit(type: 5, referenceIdc: 3, payload: w.finish())
  }
}
